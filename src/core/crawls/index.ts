// Active crawls in readable form, the list behind the view and its polled model: plain logic, no VS Code.
export * from './active';
export * from './list';
export * from './options';
