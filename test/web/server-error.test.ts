import { describe, expect, it } from "vitest";
import { errorStatus, fieldErrorsFrom, parseServerError, serverMessage } from "@web/lib/server-error";

describe("server error messages", () => {
  it("extracts the error field of a JSON body", () => {
    const err = new Error('401: {"error":"Email o password non corretti"}');
    expect(serverMessage(err, "fallback")).toBe("Email o password non corretti");
    expect(errorStatus(err)).toBe(401);
  });

  it("falls back when the body is not JSON or has no error", () => {
    expect(serverMessage(new Error("502: <html>Bad gateway</html>"), "Errore upload")).toBe("Errore upload");
    expect(serverMessage(new Error('500: {"message":"x"}'), "Errore")).toBe("Errore");
    expect(serverMessage(new Error("500: Unknown error"), "Errore")).toBe("Errore");
  });

  it("falls back for errors that did not come from the API client", () => {
    expect(serverMessage(new TypeError("Failed to fetch"), "Errore")).toBe("Errore");
    expect(serverMessage(undefined, "Errore")).toBe("Errore");
    expect(parseServerError(new Error("nope")).status).toBeNull();
  });

  it("keeps details, e.g. the reason of a failed model test", () => {
    const err = new Error('502: {"error":"Errore nel test","details":{"reason":"model not found"}}');
    expect(parseServerError(err)).toEqual({ status: 502, message: "Errore nel test", details: { reason: "model not found" } });
  });

  it("maps zod issues to the first message per field", () => {
    const body = {
      error: "Nome richiesto",
      details: [
        { path: "name", message: "Nome richiesto" },
        { path: "phoneNumber", message: "Numero telefono richiesto" },
        { path: "phoneNumber", message: "Formato numero non valido" },
      ],
    };
    expect(fieldErrorsFrom(new Error(`400: ${JSON.stringify(body)}`))).toEqual({
      name: "Nome richiesto",
      phoneNumber: "Numero telefono richiesto",
    });
  });

  it("handles a message that spans lines", () => {
    expect(serverMessage(new Error('429: {"error":"Troppi tentativi\\ndi accesso"}'), "x")).toBe("Troppi tentativi\ndi accesso");
  });
});
