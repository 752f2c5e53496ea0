export declare const LOCALES: readonly string[];
export interface BenchArticle {
  id: string;
  section: 'blog' | 'helps';
  title: string;
  description: string;
  date: string;
  category: string;
  tags: string[];
  body: string;
}
export declare function articleId(i: number): string;
export declare function makeArticle(locale: string, i: number, n: number): BenchArticle;
export declare function writeCorpus(dir: string, n: number, repoRoot: string): { articles: number; bytes: number };
