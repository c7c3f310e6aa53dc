// class-transformer 0.5 ships the types of its metadata storage under types/ but no module name for it.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
