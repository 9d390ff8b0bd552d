// The shapes of the service's browser sessions (issue 39; ../shared/spec/service-v2-beyond-the-seed.json:
// /interact, /interact/{sessionId}/execute, /interact/{sessionId}, /scrape/{jobId}/interact). Tolerant
// as ../api/schemas.ts is: unknown keys dropped, null taken where a field may be absent. `cdpUrl`
// (a credential-bearing address) is named in none of them, so it is dropped as it is read: nothing
// after the schema can show, log or keep it.
import * as z from 'zod/mini';

const text = () => z.nullish(z.string());

export const SessionStartedSchema = z.lazy(() => z.object({
  success: z.nullish(z.boolean()),
  id: z.string(),
  liveViewUrl: text(),
  interactiveLiveViewUrl: text(),
  expiresAt: text(),
}));

export const SessionListSchema = z.lazy(() => z.object({
  success: z.nullish(z.boolean()),
  sessions: z.nullish(z.array(z.object({
    id: z.string(),
    // Read as text: the published words are active and destroyed; another is shown as it is.
    status: text(),
    liveViewUrl: text(),
    interactiveLiveViewUrl: text(),
    streamWebView: z.nullish(z.boolean()),
    createdAt: text(),
    lastActivity: text(),
  }))),
}));

export const ExecutedSchema = z.lazy(() => z.object({
  success: z.nullish(z.boolean()),
  stdout: text(),
  result: text(),
  stderr: text(),
  exitCode: z.nullish(z.number()),
  killed: z.nullish(z.boolean()),
  error: text(),
  // A scrape's own browser answers these too.
  output: text(),
  liveViewUrl: text(),
  interactiveLiveViewUrl: text(),
}));

export const SessionStoppedSchema = z.lazy(() => z.object({
  success: z.nullish(z.boolean()),
  sessionDurationMs: z.nullish(z.number()),
  creditsBilled: z.nullish(z.number()),
}));

export type SessionStarted = z.infer<typeof SessionStartedSchema>;
export type ListedSession = NonNullable<z.infer<typeof SessionListSchema>['sessions']>[number];
export type Executed = z.infer<typeof ExecutedSchema>;
export type SessionStopped = z.infer<typeof SessionStoppedSchema>;
