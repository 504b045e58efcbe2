import { bootstrapService } from '@lp/service-kit';
import { InstitutionModule } from './app.module.js';

await bootstrapService(InstitutionModule.create());
