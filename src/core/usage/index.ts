// Credits and billing period for the status bar: plain logic, no VS Code.
export * from './format';
export * from './last-known';
export * from './present';
export * from './state';
