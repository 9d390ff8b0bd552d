// Public surface of the webhook core: signature check, event schemas, de-duplication, receiver.
export { SIGNATURE_HEADER, signBody, verifySignature } from './signature';
export {
  WEBHOOK_EVENT_TYPES,
  AGENT_EVENT_TYPES,
  MONITOR_EVENT_TYPES,
  parseWebhookEvent,
  isKnownWebhookEventType,
  webhookJobKind,
} from './events';
export type {
  WebhookEventType,
  WebhookEvent,
  CrawlCompletedEvent,
  BatchScrapeCompletedEvent,
  BatchScrapeStartedEvent,
  UnknownWebhookEvent,
  AgentStartedEvent,
  AgentActionEvent,
  AgentEndEvent,
  MonitorPageEvent,
  MonitorCheckCompletedEvent,
  AgentActionReport,
  AgentEndReport,
  MonitorPageReport,
  MonitorCheckReport,
  WebhookEventParseResult,
} from './events';
export { RecentWebhookIds, DEFAULT_DEDUPE_CAPACITY } from './dedupe';
export { JOB_TOKEN_HEADER, newJobToken, jobTokenMatches } from './job-token';
export { isReceiverOfAnotherWindow } from './receiver-probe';
export {
  startWebhookReceiver,
  WebhookReceiverError,
  DEFAULT_WEBHOOK_HOST,
  DEFAULT_WEBHOOK_PATH,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_BUFFERED_BYTES,
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_MAX_CONNECTIONS,
  RECEIVER_MARK_HEADER,
} from './receiver';
export type {
  WebhookDelivery,
  WebhookVerification,
  RefusedWebhookDelivery,
  WebhookReceiverOptions,
  WebhookReceiverStats,
  WebhookReceiver,
} from './receiver';
export type { WebhookReceiverErrorCode } from './receiver-setup';
