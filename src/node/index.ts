// Node entry of the library: the engine plus file-backed loaders.
export {};
