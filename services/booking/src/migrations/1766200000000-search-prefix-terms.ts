import type { MigrationInterface, QueryRunner } from 'typeorm';
import { reindexServices } from '../catalogue/search/search-index.js';
import { serviceWords } from '../catalogue/search/search-text.js';

/**
 * Every service's term rows rewritten as searchTerms now gives them: each word and every start of it,
 * so a query word is one term of the index (one range to read, one term's counter rows to sum) instead
 * of every word under a LIKE prefix. No schema change: the rows, counters and triggers stay as they are.
 */
export class SearchPrefixTerms1766200000000 implements MigrationInterface {
  name = 'SearchPrefixTerms1766200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await reindexServices(queryRunner.manager);
  }

  /** Back to whole words, which the earlier search matched under LIKE. */
  async down(queryRunner: QueryRunner): Promise<void> {
    await reindexServices(queryRunner.manager, undefined, { termsOf: serviceWords });
  }
}
