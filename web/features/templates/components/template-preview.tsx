import { ExternalLink, FileText, Image as ImageIcon, Phone, Reply } from "lucide-react";
import { renderTemplate } from "@shared/sandbox-templates";
import { TEMPLATE_TEXTS as TX } from "@shared/texts/templates";
import type { TemplateFormButton, TemplateFormValues } from "../lib/template-form";
import { formBody, showsButtons, showsMedia } from "../lib/template-form";

const PREVIEW_SAMPLES: Record<string, string> = { "1": "Mario", "2": "AgentBot" };

const BUTTON_ICONS = { QUICK_REPLY: Reply, URL: ExternalLink, PHONE_NUMBER: Phone } as const;

// How WhatsApp shows the template: the bubble with its media header, the body with sample values for
// {{1}}, {{2}}, the footer in small grey text, and the buttons as rows under the bubble.
export function TemplatePreview({ values, mediaName }: { values: TemplateFormValues; mediaName: string | null }) {
  const body = formBody(values);
  const media = showsMedia(values.contentType) ? (mediaName ?? (values.mediaUrl.trim() || null)) : null;
  const buttons = showsButtons(values.contentType) ? values.buttons : [];
  const footer = values.contentType === "card" ? values.footer.trim() : "";
  if (!body.trim() && !media && buttons.length === 0) return null;
  const isDocument = !!media && /\.pdf($|\?)/i.test(media);
  return (
    <div className="grid gap-1.5" data-testid="template-preview">
      <p className="text-xs font-medium text-muted-foreground">{TX.preview}</p>
      <div className="grid w-full max-w-[85%] justify-self-start">
        <div className="overflow-hidden rounded-2xl rounded-tl-sm bg-primary/15 text-sm">
          {media ? (
            <div className="m-1 flex items-center gap-2 rounded-xl bg-background/70 p-3 text-xs text-muted-foreground" data-testid="template-preview-media">
              {isDocument ? <FileText className="size-5 shrink-0" aria-hidden /> : <ImageIcon className="size-5 shrink-0" aria-hidden />}
              <span className="truncate">{media}</span>
            </div>
          ) : null}
          {body.trim() ? <p className="px-3.5 py-2 whitespace-pre-wrap break-words">{renderTemplate(body, PREVIEW_SAMPLES)}</p> : null}
          {footer ? (
            <p className="px-3.5 pb-2 text-xs text-muted-foreground break-words" data-testid="template-preview-footer">
              {footer}
            </p>
          ) : null}
        </div>
        {buttons.length > 0 ? (
          <ul className="mt-1 grid gap-1" data-testid="template-preview-buttons">
            {buttons.map((b, i) => (
              <PreviewButton key={i} button={b} />
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

function PreviewButton({ button }: { button: TemplateFormButton }) {
  const Icon = BUTTON_ICONS[button.type];
  return (
    <li className="flex items-center justify-center gap-1.5 rounded-xl bg-primary/10 px-3 py-2 text-sm font-medium text-primary">
      <Icon className="size-4" aria-hidden />
      <span className="truncate">{button.title.trim() || TX.buttonTypeNames[button.type]}</span>
    </li>
  );
}
