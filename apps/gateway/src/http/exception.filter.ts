import { Catch, HttpException, NotFoundException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { handleError } from './errors.js';
import { notFound } from '../static/spa.js';

/**
 * Nest owns Fastify's not-found and error handlers; this filter is where both end.
 * Unknown paths: the SPA or a 404 in the error shape. Errors: the error shape.
 */
@Catch()
export class GatewayExceptionFilter implements ExceptionFilter {
  constructor(private readonly hasSpa: boolean) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    if (exception instanceof NotFoundException && !exception.cause) {
      void notFound(request, reply, this.hasSpa);
      return;
    }
    // Fastify's own errors (body too large, bad JSON) arrive wrapped by Nest's adapter
    const cause = exception instanceof HttpException && exception.cause instanceof Error ? exception.cause : null;
    const error = cause ?? (exception instanceof Error ? exception : new Error(String(exception)));
    if (!cause && exception instanceof HttpException && exception.getStatus() < 500) {
      (error as Error & { statusCode?: number }).statusCode = exception.getStatus();
    }
    void handleError(error, request, reply);
  }
}
