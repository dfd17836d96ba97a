import { findModel, MODEL_SUGGESTIONS } from "@shared/models";

// The known OpenAI models, suggested for a model field that takes any name (an OpenAI-compatible
// server such as Ollama, vLLM or LM Studio names its own).
export function ModelSuggestions({ id }: { id: string }) {
  return (
    <datalist id={id}>
      {MODEL_SUGGESTIONS.map((model) => (
        <option key={model} value={model} label={findModel(model)?.label ?? model} />
      ))}
    </datalist>
  );
}
