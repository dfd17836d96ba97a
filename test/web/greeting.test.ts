import { describe, expect, it } from "vitest";
import { greeting, greetingName, initials } from "@web/lib/greeting";

describe("greeting", () => {
  it("uses the first name", () => {
    expect(greeting({ firstName: "Giulia", email: "g@x.it" })).toBe("Ciao Giulia!");
  });

  it("falls back to the e-mail before the @", () => {
    expect(greetingName({ firstName: null, email: "mario.rossi@azienda.it" })).toBe("mario.rossi");
    expect(greetingName({ firstName: "   ", email: "anna@x.it" })).toBe("anna");
  });

  it("falls back to 'Utente' last", () => {
    expect(greetingName({ firstName: null, email: null })).toBe("Utente");
    expect(greetingName({ firstName: "", email: "@x.it" })).toBe("Utente");
    expect(greeting(null)).toBe("Ciao Utente!");
  });

  it("makes at most two initials", () => {
    expect(initials({ firstName: "giulia", lastName: "bianchi" })).toBe("GB");
    expect(initials({ firstName: "Admin", lastName: null, email: "a@x.it" })).toBe("A");
    expect(initials({ email: "mario@x.it" })).toBe("MA");
  });
});
