// OpenAI chat completions that call tools, shaped as the real API answers them (content null,
// finish_reason "tool_calls", arguments as a JSON string).
let counter = 0;

export interface ScriptedCall {
  name: string;
  args: unknown;
}

export function openAiToolCalls(calls: ScriptedCall[], promptTokens = 100, completionTokens = 20, model = "gpt-4o-mini", content: string | null = null) {
  return Response.json({
    id: `chatcmpl-tools-${(counter += 1)}`,
    object: "chat.completion",
    created: 1,
    model,
    choices: [
      {
        index: 0,
        finish_reason: "tool_calls",
        message: {
          role: "assistant",
          content,
          tool_calls: calls.map((c) => ({
            id: `call_${(counter += 1)}`,
            type: "function",
            function: { name: c.name, arguments: typeof c.args === "string" ? c.args : JSON.stringify(c.args) },
          })),
        },
      },
    ],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  });
}

// What an OpenAI model without function calling answers to a request that carries `tools`.
export function openAiToolsUnsupported(model = "gpt-4o-mini") {
  return Response.json(
    { error: { message: `${model} does not support tools`, type: "invalid_request_error", param: "tools", code: null } },
    { status: 400 },
  );
}
