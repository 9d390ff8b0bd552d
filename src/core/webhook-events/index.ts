// The pure parts of the Webhook Events list: the stored row, its labels, the payload document.
// Dependency-free (no zod, no undici), so the editor can restore the list at activation without
// loading the lazy core bundle.
export * from './record';
export * from './labels';
export * from './payload';
export * from './receiver-status';
