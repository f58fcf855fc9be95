export * from './auth';
export * from './profiles';
export * from './subscriptions';
export * from './knowledge';
export * from './mail';
export * from './invitations';
export * from './credits';
export * from './prompts';
