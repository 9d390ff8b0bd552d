// The document scheme registered in index.ts, and of the URIs payload-document.ts builds (the
// feature's view id is View.webhookEvents in src/core/ids.ts, with the others).
export const PAYLOAD_SCHEME = 'webdata-event';
