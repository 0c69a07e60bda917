// Public surface of the plugin host: everything about being a Terraform plugin process (handshake, mTLS,
// gRPC, logging) and nothing about resources. lib/provider/framework builds on it.
export { runPlugin } from "./run";
export type { PluginHost, RunPluginOptions } from "./run";
export { createLogger, levelFromEnv, hclogTimestamp } from "./logger";
export type { LogLevel, LoggerOptions, PluginLogger } from "./logger";
export {
  APP_PROTOCOL_VERSION,
  CORE_PROTOCOL_VERSION,
  MAGIC_COOKIE_KEY,
  MAGIC_COOKIE_VALUE,
  checkPluginEnv,
  handshakeLine,
  unpaddedBase64,
} from "./handshake";
export { generateSelfSignedCert, toPem } from "./cert";
export type { CertOptions, SelfSignedCert } from "./cert";
export { messageType, tfplugin6Codec } from "./codec";
export { frameMessage, readSingleMessage, percentEncode } from "./grpc-server";
export { BlockNestingMode, DiagnosticSeverity, ObjectNestingMode, StringKind, TFPLUGIN6_METHODS } from "./wire-types";
export type {
  AttributePath,
  AttributePathStep,
  DynamicValue,
  ProviderHandlers,
  ServerCapabilities,
  Tfplugin6,
  Tfplugin6Method,
  WireDiagnostic,
  WireNestedBlock,
  WireSchema,
  WireSchemaAttribute,
  WireSchemaBlock,
} from "./wire-types";
