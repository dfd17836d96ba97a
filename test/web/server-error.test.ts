import { describe, expect, it } from "vitest";
import { ApiError, apiErrorFrom } from "@web/lib/api-client";
import { errorStatus, fieldErrorsFrom, parseServerError, serverMessage } from "@web/lib/server-error";

describe("server error messages", () => {
  it("reads the error field of a JSON answer", () => {
    const err = apiErrorFrom(401, '{"error":"Email o password non corretti"}');
    expect(err).toBeInstanceOf(ApiError);
    expect(serverMessage(err, "fallback")).toBe("Email o password non corretti");
    expect(errorStatus(err)).toBe(401);
  });

  it("falls back when the body is not JSON or has no error", () => {
    expect(serverMessage(apiErrorFrom(502, "<html>Bad gateway</html>"), "Errore upload")).toBe("Errore upload");
    expect(serverMessage(apiErrorFrom(500, '{"message":"x"}'), "Errore")).toBe("Errore");
    expect(serverMessage(apiErrorFrom(500, ""), "Errore")).toBe("Errore");
    expect(serverMessage(apiErrorFrom(500, '{"error":""}'), "Errore")).toBe("Errore");
    expect(errorStatus(apiErrorFrom(502, "<html>Bad gateway</html>"))).toBe(502);
  });

  it("falls back for errors that did not come from the API client, even if they read like an answer", () => {
    expect(serverMessage(new TypeError("Failed to fetch"), "Errore")).toBe("Errore");
    expect(serverMessage(undefined, "Errore")).toBe("Errore");
    expect(serverMessage(new Error('401: {"error":"x"}'), "Errore")).toBe("Errore");
    expect(parseServerError(new Error("nope")).status).toBeNull();
  });

  it("keeps details, e.g. the reason of a failed model test", () => {
    const err = apiErrorFrom(502, '{"error":"Errore nel test","details":{"reason":"model not found"}}');
    expect(parseServerError(err)).toEqual({ status: 502, message: "Errore nel test", details: { reason: "model not found" } });
    expect(err).toMatchObject({ status: 502, error: "Errore nel test", details: { reason: "model not found" }, message: "Errore nel test" });
  });

  it("maps zod issues to the first message per field", () => {
    const details = [
      { path: "name", message: "Nome richiesto" },
      { path: "phoneNumber", message: "Numero telefono richiesto" },
      { path: "phoneNumber", message: "Formato numero non valido" },
      { path: ["address", "city"], message: "Città richiesta" },
    ];
    expect(fieldErrorsFrom(new ApiError(400, "Nome richiesto", details))).toEqual({
      name: "Nome richiesto",
      phoneNumber: "Numero telefono richiesto",
      address: "Città richiesta",
    });
    expect(fieldErrorsFrom(new ApiError(400, "x", { not: "a list" }))).toEqual({});
  });

  it("keeps a message that spans lines", () => {
    expect(serverMessage(apiErrorFrom(429, '{"error":"Troppi tentativi\\ndi accesso"}'), "x")).toBe("Troppi tentativi\ndi accesso");
  });
});
