import { Module } from '@nestjs/common';
import { ChapaProvider } from './chapa-provider.js';
import { DemoProvider } from './demo-provider.js';
import { MpesaProvider } from './mpesa-provider.js';
import { ProviderRegistry } from './provider-registry.js';
import { TelebirrProvider } from './telebirr-provider.js';

/** The payment providers behind one interface, and which one carries which method. */
@Module({
  providers: [DemoProvider, ChapaProvider, TelebirrProvider, MpesaProvider, ProviderRegistry],
  exports: [ProviderRegistry, DemoProvider],
})
export class ProvidersModule {}
