// The names VS Code knows this feature by, needed both at activation (to register the view and
// the document scheme) and in the lazily loaded part (to build URIs).
export const EVENTS_VIEW_ID = 'webData.webhookEvents';
export const PAYLOAD_SCHEME = 'webdata-event';
