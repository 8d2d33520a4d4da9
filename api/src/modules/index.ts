import type { Module } from '../app.ts';
import { authModule } from './auth.ts';
import { catalogModule } from './catalog.ts';
import { companiesModule } from './companies.ts';
import { requestsModule } from './requests.ts';

export const MODULES: Module[] = [authModule, catalogModule, companiesModule, requestsModule];
