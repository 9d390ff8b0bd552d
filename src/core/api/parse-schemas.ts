// The answer to POST /v2/parse: the published ScrapeResponse, of which a parse fills the markdown,
// each page's markdown when `pages` was asked, and the metadata (pages, cost). Tolerant as the
// scrape's schema is: unknown keys dropped, null taken where a field may be absent.
import * as z from 'zod/mini';

const text = () => z.nullish(z.string());
const count = () => z.nullish(z.number());

const parseMetadata = () => z.object({
  title: z.nullish(z.union([z.string(), z.array(z.string())])),
  contentType: text(),
  numPages: count(),
  totalPages: count(),
  creditsUsed: count(),
  error: text(),
});

const parsedPage = () => z.object({
  pageNumber: z.number(),
  markdown: z.string(),
});

const parsedDocument = () => z.object({
  markdown: text(),
  summary: text(),
  pages: z.nullish(z.array(parsedPage())),
  warning: text(),
  metadata: z.nullish(parseMetadata()),
});

export const ParseResponseSchema = z.lazy(() => z.object({
  success: z.boolean(),
  data: parsedDocument(),
}));

export type ParsedDocument = z.infer<ReturnType<typeof parsedDocument>>;
