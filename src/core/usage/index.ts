// Credits and billing period for the status bar, and the credits model it draws: plain logic, no VS Code.
export * from './credits';
export * from './format';
export * from './last-known';
export * from './present';
export * from './state';
