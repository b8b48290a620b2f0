import { describe, expect, it } from "vitest";
import { contactSchema, FORMS, INTEREST_LABELS, INTERESTS, joinForm, joinSchema, OTHER_INTEREST, readFormData } from "./definitions";
import { SHIPPED } from "~/i18n/interface-text.server";
import { sayFieldErrors } from "./handle-submission.server";
import { validate } from "~/lib/validation";
import type { LanguageCode } from "~/i18n/languages";

const CONSENT_MESSAGE = "You must agree to the Privacy Policy and Terms of Use";

const contact = {
  name: "  Layla  ",
  email: " layla@example.org ",
  subject: "Hello",
  message: "A message",
  agree_to_terms: true,
};
const join = { name: "Sam", email: "sam@example.org", interests: ["Fundraising"], agree_to_terms: true };
/** The messages a submission gets, as a page in `language` says them (English: docs/product.md's words). */
const errorsOf = (schema: typeof contactSchema | typeof joinSchema, input: unknown, language: LanguageCode = "en") => {
  const r = validate(schema, input);
  return r.success ? {} : sayFieldErrors(language, r.fieldErrors);
};

describe('contact form rules (docs/product.md, "Contact form")', () => {
  it("accepts a valid submission, trimmed, optional fields empty", () => {
    const r = validate(contactSchema, contact);
    expect(r).toEqual({
      success: true,
      data: {
        name: "Layla",
        email: "layla@example.org",
        phone: "",
        organization: "",
        country: "",
        community: "",
        subject: "Hello",
        message: "A message",
        agree_to_terms: true,
      },
    });
  });

  it.each([
    ["name", "   ", "Name is required"],
    ["name", "x".repeat(51), "Name must be less than 50 characters"],
    ["email", "not-an-email", "Invalid email address"],
    ["email", `${"x".repeat(45)}@example.org`, "Email must be less than 50 characters"],
    ["phone", "1".repeat(31), "Phone must be less than 30 characters"],
    ["organization", "o".repeat(51), "Organization must be less than 50 characters"],
    ["country", "c".repeat(51), "Country must be less than 50 characters"],
    ["community", "c".repeat(51), "Community must be less than 50 characters"],
    ["subject", "", "Subject is required"],
    ["subject", "s".repeat(151), "Subject must be less than 150 characters"],
    ["message", " ", "Message is required"],
    ["message", "m".repeat(1001), "Message must be less than 1000 characters"],
    ["agree_to_terms", false, CONSENT_MESSAGE],
  ])("%s = %j → %s", (field, value, message) => {
    expect(errorsOf(contactSchema, { ...contact, [field]: value })[field]).toContain(message);
  });

  it("accepts values exactly at each maximum", () => {
    expect(
      validate(contactSchema, {
        ...contact,
        name: "n".repeat(50),
        subject: "s".repeat(150),
        message: "m".repeat(1000),
        phone: "1".repeat(30),
      }).success,
    ).toBe(true);
  });

  it("reports missing fields with their messages", () => {
    expect(errorsOf(contactSchema, {})).toMatchObject({
      name: ["Name is required"],
      email: ["Invalid email address"],
      subject: ["Subject is required"],
      message: ["Message is required"],
      agree_to_terms: [CONSENT_MESSAGE],
    });
  });
});

describe('join form rules (docs/product.md, "Join form")', () => {
  it("accepts a valid submission", () => {
    expect(validate(joinSchema, join).success).toBe(true);
  });

  it.each([
    ["name", "", "Name is required"],
    ["name", "n".repeat(51), "Name must be less than 50 characters"],
    ["email", "x@", "Invalid email address"],
    ["phone", "1".repeat(31), "Phone number must be less than 30 characters"],
    ["organization", "o".repeat(51), "Organization must be less than 50 characters"],
    ["country", "c".repeat(51), "Country must be less than 50 characters"],
    ["community", "c".repeat(51), "Community must be less than 50 characters"],
    ["social_media", "s".repeat(201), "Social media handles must be less than 200 characters"],
    ["interests", [], "Please select at least one area of interest"],
    ["interests", ["Hacking"], "Please select only the areas of interest listed"],
    ["other_description", "d".repeat(501), "Description must be less than 500 characters"],
    ["message", "m".repeat(2001), "Message must be less than 2000 characters"],
    ["agree_to_terms", false, CONSENT_MESSAGE],
  ])("%s = %j → %s", (field, value, message) => {
    expect(errorsOf(joinSchema, { ...join, [field]: value })[field]).toContain(message);
  });

  it("requires a description while Other is selected, and only then", () => {
    expect(errorsOf(joinSchema, { ...join, interests: [OTHER_INTEREST], other_description: "  " }).other_description).toEqual([
      "Please describe your other interest",
    ]);
    expect(validate(joinSchema, { ...join, interests: [OTHER_INTEREST], other_description: "Translation" }).success).toBe(true);
    expect(validate(joinSchema, { ...join, interests: ["Fundraising"], other_description: "" }).success).toBe(true);
  });

  it("offers exactly the ten interests", () => {
    expect(INTERESTS).toHaveLength(10);
  });

  it("reads a submitted form: repeated interests become a list, the consent box a boolean", () => {
    const form = new FormData();
    form.append("name", "Sam");
    form.append("interests", "Fundraising");
    form.append("interests", "Advisory Role");
    form.append("agree_to_terms", "on");
    expect(readFormData(joinForm, form)).toMatchObject({
      name: "Sam",
      interests: ["Fundraising", "Advisory Role"],
      agree_to_terms: true,
      email: undefined,
    });
  });
});

describe("join form: all problems at once", () => {
  it("asks for the Other description even while other fields are wrong", () => {
    const r = validate(joinSchema, { name: "", email: "", interests: [OTHER_INTEREST], other_description: "", agree_to_terms: false });
    expect(r.success).toBe(false);
    if (!r.success) expect(r.fieldErrors.other_description).toEqual(["join.error.otherRequired"]);
  });
});

describe("the same rules in another language (issue 34)", () => {
  it("label each field, and each area of interest, in English as staff read them", () => {
    for (const form of FORMS) {
      const keys = form.text.fields as Record<string, keyof typeof SHIPPED.en>;
      for (const field of Object.keys(keys)) expect(SHIPPED.en[keys[field]!], field).toBe((form.labels as Record<string, string>)[field]);
    }
    for (const interest of INTERESTS) expect(SHIPPED.en[INTEREST_LABELS[interest]]).toBe(interest);
  });

  it("say each message in the page's language, the maximum in its digits and its plural form", () => {
    const tooLong = { ...contact, name: "x".repeat(51), message: "m".repeat(1001), phone: "1".repeat(31) };
    expect(errorsOf(contactSchema, tooLong, "fa")).toEqual({
      name: ["نام باید کمتر از ۵۰ نویسه باشد"],
      phone: ["شمارهٔ تلفن باید کمتر از ۳۰ نویسه باشد"],
      message: ["پیام باید کمتر از ۱۰۰۰ نویسه باشد"],
    });
    // Arabic counts 50 with the "many" form, 1000 with "other" (CLDR).
    expect(errorsOf(contactSchema, tooLong, "ar")).toMatchObject({
      name: ["يجب أن يكون الاسم أقل من ٥٠ حرفًا"],
      message: ["يجب أن تكون الرسالة أقل من ١٠٠٠ حرف"],
    });
    expect(errorsOf(joinSchema, { ...join, social_media: "s".repeat(201) }, "ku").social_media).toEqual([
      "Divê hesabên medyaya civakî ji 200 tîpan kêmtir bin",
    ]);
    expect(errorsOf(joinSchema, { ...join, agree_to_terms: false, interests: [] }, "fr")).toEqual({
      interests: ["Veuillez choisir au moins un domaine d’intérêt"],
      agree_to_terms: ["Vous devez accepter la Politique de confidentialité et les Conditions d’utilisation"],
    });
  });
});
