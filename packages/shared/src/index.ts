import './zod-fr';

export * from './account.schemas';
export * from './accounting';
export * from './api';
export * from './auth.schemas';
export * from './constants';
export * from './entreprise';
export * from './enums';
export * from './fleet';
export * from './format';
export * from './messages';
export * from './notifications';
export * from './operations';
export * from './realtime';
export * from './reference';
export * from './statistics';
export * from './text';
export * from './users';
