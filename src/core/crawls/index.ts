// Active crawls in readable form, and the list behind the view: plain logic, no VS Code.
export * from './list';
export * from './options';
