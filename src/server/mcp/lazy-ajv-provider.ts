// Stands in, in the bundle only (scripts/bundle.mjs), for the MCP SDK's validation/ajv-provider.js,
// which its Server imports and constructs at once: that loaded ajv, ajv-formats and fast-uri
// (~265 KB) and built an Ajv instance before `initialize` was answered, though the server
// validates nothing with it until a client answers an elicitation (issue 38). The SDK's own
// provider (its CommonJS build, with ajv from node_modules) is required at the first schema.
import { createRequire } from 'node:module';
import type { AjvJsonSchemaValidator as SdkValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type {
  JsonSchemaType,
  JsonSchemaValidator,
  jsonSchemaValidator,
} from '@modelcontextprotocol/sdk/validation/types.js';

const load = createRequire(import.meta.url);

type Ajv = ConstructorParameters<typeof SdkValidator>[0];

export class AjvJsonSchemaValidator implements jsonSchemaValidator {
  private real: SdkValidator | undefined;

  constructor(private readonly ajv?: Ajv) {}

  getValidator<T>(schema: JsonSchemaType): JsonSchemaValidator<T> {
    this.real ??= new (
      load('@modelcontextprotocol/sdk/validation/ajv') as { AjvJsonSchemaValidator: typeof SdkValidator }
    ).AjvJsonSchemaValidator(this.ajv);
    return this.real.getValidator<T>(schema);
  }
}
