// NLP.js ships JavaScript only: the few entry points the assistant uses.
declare module '@nlpjs/core' {
  export function containerBootstrap(): Promise<{
    use(plugin: unknown): void;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    get(name: 'nlp'): any;
  }>;
}
declare module '@nlpjs/nlp' {
  export const Nlp: unknown;
}
declare module '@nlpjs/lang-en-min' {
  export const LangEn: unknown;
}
declare module '@nlpjs/lang-ar' {
  export const LangAr: unknown;
}
