import { Link } from "@tanstack/react-router";
import { formatDistanceToNow } from "date-fns";
import { it } from "date-fns/locale/it";
import { BellRing } from "lucide-react";
import { useState } from "react";
import { OPERATOR_QUESTION_TEXTS as TX } from "@shared/texts/operator-questions";
import type { ApiOperatorQuestion } from "@shared/schemas/operator-questions";
import { Badge } from "@web/components/ui/badge";
import { Button, buttonVariants } from "@web/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@web/components/ui/popover";
import { Textarea } from "@web/components/ui/textarea";
import { toast } from "@web/lib/toast-store";
import { useAnswerOperatorQuestion, useDismissOperatorQuestion, useOperatorQuestions } from "../api/operator-questions";

// The questions the agent could not answer from its knowledge, waiting for a person.
export function OperatorQuestionsBell() {
  const { data: questions = [] } = useOperatorQuestions();
  const open = questions.filter((q) => !q.expired).length;
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={`${TX.title} (${open})`} data-testid="operator-questions-bell">
          <BellRing />
          {open > 0 ? (
            <span className="absolute right-1 top-1 grid min-w-4 place-items-center rounded-full bg-destructive px-1 text-[10px] font-semibold text-destructive-foreground">
              {open}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-[min(26rem,calc(100vw-1.5rem))] p-0">
        <h2 className="border-b px-4 py-3 text-sm font-semibold">{TX.title}</h2>
        <div className="max-h-[70vh] space-y-3 overflow-y-auto p-4">
          {questions.length === 0 ? <p className="text-sm text-muted-foreground">{TX.empty}</p> : questions.map((q) => <QuestionItem key={q.id} question={q} />)}
        </div>
      </PopoverContent>
    </Popover>
  );
}

function QuestionItem({ question }: { question: ApiOperatorQuestion }) {
  const [answer, setAnswer] = useState("");
  const [save, setSave] = useState(true);
  const answerMutation = useAnswerOperatorQuestion({
    onSuccess: (result) => toast({ title: TX.answered, description: result?.memoryId ? TX.savedToMemory : undefined, variant: "success" }),
  });
  const dismiss = useDismissOperatorQuestion();
  const who = question.customerName ?? question.phoneNumber;
  return (
    <article className="space-y-2 rounded-lg border p-3" data-testid="operator-question">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium">{who}</p>
          <p className="text-xs text-muted-foreground">{formatDistanceToNow(new Date(question.createdAt), { addSuffix: true, locale: it })}</p>
        </div>
        {question.expired ? <Badge variant="warning">Scaduta</Badge> : <Badge>In attesa</Badge>}
      </div>
      <p className="rounded-md bg-muted px-3 py-2 text-sm">«{question.questionAsked}»</p>
      {question.expired ? <p className="text-xs text-muted-foreground">{TX.expired}</p> : null}
      <Textarea
        value={answer}
        onChange={(e) => setAnswer(e.target.value)}
        placeholder="Risposta per il cliente"
        rows={2}
        aria-label={`Risposta a ${who}`}
      />
      <label className="flex items-center gap-2 text-xs text-muted-foreground">
        <input type="checkbox" checked={save} onChange={(e) => setSave(e.target.checked)} />
        Salva domanda e risposta nella memoria «{TX.defaultMemoryName}»
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          disabled={!answer.trim() || answerMutation.isPending}
          onClick={() => answerMutation.mutate({ id: question.id, answer: answer.trim(), saveToMemory: save })}
        >
          Invia risposta
        </Button>
        <Link to="/chat/$id" params={{ id: question.conversationId }} className={buttonVariants({ variant: "outline", size: "sm" })}>
          Apri chat
        </Link>
        <Button size="sm" variant="ghost-destructive" disabled={dismiss.isPending} onClick={() => dismiss.mutate(question.id)}>
          Ignora
        </Button>
      </div>
    </article>
  );
}
