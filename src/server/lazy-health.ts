// grpc.health.v1 from grpc-health-check, loaded at the first health call rather than at
// start-up: the library parses its proto with protobufjs when it is required, which cost a
// tenth of `facet serve`'s start (issue 38). Statuses set before then are handed to it.
import { createRequire } from 'node:module';
import type * as grpc from '@grpc/grpc-js';
import type { HealthImplementation, ServingStatus } from 'grpc-health-check';

type Handlers = Record<string, grpc.UntypedHandleCall>;

const METHODS = [
  { name: 'Check', handler: 'check', responseStream: false },
  { name: 'Watch', handler: 'watch', responseStream: true },
  { name: 'List', handler: 'list', responseStream: false },
] as const;

export class LazyHealth {
  private readonly statuses: Map<string, ServingStatus>;
  private loaded?: { impl: HealthImplementation; service: grpc.ServiceDefinition; handlers: Handlers };

  constructor(initial: Record<string, ServingStatus>) {
    this.statuses = new Map(Object.entries(initial));
  }

  setStatus(service: string, status: ServingStatus): void {
    this.statuses.set(service, status);
    this.loaded?.impl.setStatus(service, status);
  }

  private load(): NonNullable<LazyHealth['loaded']> {
    if (!this.loaded) {
      const { HealthImplementation: Impl } = createRequire(import.meta.url)('grpc-health-check') as {
        HealthImplementation: typeof HealthImplementation;
      };
      const impl = new Impl(Object.fromEntries(this.statuses));
      let service: grpc.ServiceDefinition | undefined;
      let handlers: Handlers | undefined;
      // The library hands its service and handlers to addService: taken here, to be called through.
      impl.addToServer({
        addService: (s: grpc.ServiceDefinition, h: Handlers) => {
          service = s;
          handlers = h;
        },
      } as unknown as grpc.Server);
      this.loaded = { impl, service: service!, handlers: handlers! };
    }
    return this.loaded;
  }

  /**
   * Adds the Health service; its methods' paths and kinds are fixed by the protocol, the rest loads on the first call.
   */
  addToServer(server: grpc.Server): void {
    const service: Record<string, grpc.MethodDefinition<unknown, unknown>> = {};
    const handlers: Handlers = {};
    for (const m of METHODS) {
      const def = () => this.load().service[m.name] as grpc.MethodDefinition<unknown, unknown>;
      service[m.name] = {
        path: `/grpc.health.v1.Health/${m.name}`,
        requestStream: false,
        responseStream: m.responseStream,
        requestSerialize: (v: unknown) => def().requestSerialize(v),
        requestDeserialize: (b: Buffer): unknown => def().requestDeserialize(b),
        responseSerialize: (v: unknown) => def().responseSerialize(v),
        responseDeserialize: (b: Buffer): unknown => def().responseDeserialize(b),
      };
      handlers[m.name] = ((call: never, callback: never) =>
        (this.load().handlers[m.handler] as (c: never, cb: never) => void)(call, callback)) as grpc.UntypedHandleCall;
    }
    server.addService(service, handlers);
  }
}
