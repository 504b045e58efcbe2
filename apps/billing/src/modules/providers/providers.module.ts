import { Module } from '@nestjs/common';
import { ChapaProvider } from './chapa-provider.js';
import { DemoProvider } from './demo-provider.js';
import { ProviderRegistry } from './provider-registry.js';

/** The payment providers behind one interface, and which one carries which method. */
@Module({ providers: [DemoProvider, ChapaProvider, ProviderRegistry], exports: [ProviderRegistry, DemoProvider] })
export class ProvidersModule {}
