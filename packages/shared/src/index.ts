import './zod-fr';

export * from './account.schemas';
export * from './api';
export * from './auth.schemas';
export * from './constants';
export * from './enums';
export * from './format';
export * from './messages';
export * from './users';
