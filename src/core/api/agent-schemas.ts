// Shapes of the answers of the agent family (issue 36): POST /v2/agent's id and GET
// /v2/agent/{jobId}'s status, tolerant as ./schemas.ts is (unknown keys dropped, null taken where a
// field may be absent). `status` is read as text: the published list is processing, completed and
// failed, and an answer with another word is shown as it is rather than refused.
import * as z from 'zod/mini';

export const AgentStartedSchema = z.lazy(() => z.object({
  success: z.boolean(),
  id: z.string(),
}));

export const AgentStatusSchema = z.lazy(() => z.object({
  success: z.nullish(z.boolean()),
  status: z.string(),
  data: z.nullish(z.unknown()),
  model: z.nullish(z.string()),
  error: z.nullish(z.string()),
  expiresAt: z.nullish(z.string()),
  creditsUsed: z.nullish(z.number()),
}));

export type AgentStarted = z.infer<typeof AgentStartedSchema>;
export type AgentStatus = z.infer<typeof AgentStatusSchema>;
