// The names VS Code knows this feature by: the view and document scheme registered in index.ts,
// and the scheme of the URIs payload-document.ts builds.
export const EVENTS_VIEW_ID = 'webData.webhookEvents';
export const PAYLOAD_SCHEME = 'webdata-event';
