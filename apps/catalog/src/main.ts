import { bootstrapService } from '@lp/service-kit';
import { CatalogModule } from './app.module.js';

await bootstrapService(CatalogModule.create());
