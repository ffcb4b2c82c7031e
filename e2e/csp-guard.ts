import { type BrowserContext, test as base, expect } from "@playwright/test";

export * from "@playwright/test";

/** The binding each page reports a Content-Security-Policy violation to. */
const BINDING = "__manaspireCspViolation";

/**
 * Playwright's `test` with an automatic fixture that fails the test on any
 * `securitypolicyviolation` event in any of its pages: the default context's, popups (the
 * identity providers') and contexts or pages the test makes with `browser.newContext()` or
 * `browser.newPage()`. Specs import `test` (and `expect`) from here instead of
 * `@playwright/test`.
 */
export const test = base.extend<{ cspGuard: undefined }>({
  cspGuard: [
    async ({ browser, context }, use) => {
      const violations: string[] = [];
      const guard = async (ctx: BrowserContext) => {
        await ctx.exposeBinding(BINDING, (_source, text: string) => {
          violations.push(text);
        });
        // A string: this file is type-checked without the DOM's types.
        await ctx.addInitScript({
          content: `addEventListener("securitypolicyviolation", function (e) {
            var report = window[${JSON.stringify(BINDING)}];
            if (report) report(location.href + ": " + e.effectiveDirective + " blocked " +
              (e.blockedURI || "(inline)") + " at " + (e.sourceFile || "?") + ":" + e.lineNumber +
              " " + (e.sample || ""));
          });`,
        });
      };
      await guard(context);
      const newContext = browser.newContext;
      browser.newContext = async (options) => {
        const made = await newContext.call(browser, options);
        await guard(made);
        return made;
      };
      try {
        await use(undefined);
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, "Content-Security-Policy violations in the page").toEqual([]);
    },
    { auto: true },
  ],
});
