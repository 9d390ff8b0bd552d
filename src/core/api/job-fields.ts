// The rules of a crawl or batch scrape start that the editor checks as the person types (the
// limits, the path patterns, the webhook's events), apart from the request's whole check
// (./job-request) so that the steps, in the features' bundle, need nothing else of the client.

export const WEBHOOK_EVENTS = ['started', 'page', 'completed', 'failed'] as const;
export type JobWebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The service's own default page limit of a crawl: far more than a person starting one by hand means. */
export const SERVICE_DEFAULT_CRAWL_LIMIT = 10_000;
/** Most pages a crawl may ask for here, and most addresses in one batch scrape. */
export const MAX_CRAWL_LIMIT = 100_000;
export const MAX_BATCH_URLS = 1_000;

/** A path pattern's problem, or undefined: the service reads them as regular expressions. */
export function pathPatternProblem(pattern: string): string | undefined {
  if (pattern.trim() === '') return 'An empty pattern matches every page; remove it.';
  try {
    new RegExp(pattern);
    return undefined;
  } catch (error) {
    const detail = error instanceof SyntaxError ? error.message.replace(/^Invalid regular expression: /, '') : 'not a regular expression';
    return `"${pattern.slice(0, 60)}" is not a regular expression (${detail.slice(0, 120)}).`;
  }
}
