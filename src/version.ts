// Engine identity carried on every response envelope (never inside the decision).
export const ENGINE_VERSION = "gatehouse/0.1.0";
/** The highest `min_client_version` this engine can activate; above it is `below_floor`. */
export const BUNDLE_CAPABILITY = 2;
/** The bundle schema major this engine reads. */
export const SCHEMA_MAJOR = 2;
