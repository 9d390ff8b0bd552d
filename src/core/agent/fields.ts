// The agent family's published names and limits (POST /v2/agent), in one place the client's check
// (../api/agent-request) and the editor's steps both read, so the features need not reach into
// the API folder.
export const AGENT_MODELS = ['spark-1-mini', 'spark-1-pro', 'spark-2'] as const;
export type AgentModel = (typeof AGENT_MODELS)[number];
export const AGENT_EFFORTS = ['low', 'medium', 'high'] as const;
export const AGENT_WEBHOOK_EVENTS = ['started', 'action', 'completed', 'failed', 'cancelled'] as const;
export type AgentWebhookEvent = (typeof AGENT_WEBHOOK_EVENTS)[number];
export const MAX_AGENT_PROMPT = 10_000;
