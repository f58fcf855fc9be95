// The two text libraries (ai/text.ts) ship no type declarations.
declare module 'snowball-stemmers' {
  export interface Stemmer {
    stem(word: string): string;
  }
  const snowball: { newStemmer(algorithm: string): Stemmer; algorithms(): string[] };
  export default snowball;
}

declare module 'stopword' {
  export const eng: string[];
  export const fra: string[];
}
