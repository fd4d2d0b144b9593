import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The lint rules a file at `filePath` with `code` breaks (the project's own ESLint configuration). */
async function brokenRules(filePath: string, code: string): Promise<string[]> {
  const [result] = await new ESLint().lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('import boundaries between API features', () => {
  it("refuses a module of one feature importing another feature's module", async () => {
    expect(
      await brokenRules(
        'api/forum/example.ts',
        "import { castBallot } from '../ranking/cast-vote';\nvoid castBallot;\n",
      ),
    ).toContain('@typescript-eslint/no-restricted-imports');
    expect(
      await brokenRules(
        'api/accounts/captcha/example.ts',
        "import { toggleLike } from '../../forum/likes';\nvoid toggleLike;\n",
      ),
    ).toContain('@typescript-eslint/no-restricted-imports');
  });

  it('lets a feature use its own modules, the shared folders, the contract and type-only imports', async () => {
    const allowed = [
      "import { castBallot } from './cast-vote';",
      "import { queryRows } from '../db/query-rows';",
      "import { runLeased } from '../plugins/scheduled-jobs';",
      "import { coverVariants } from '../media/cover-variants';",
      "import { isPossibleSerialId } from '../../contract/http';",
      "import type { CatalogueService } from '../catalogue/service';",
      "import { type NotificationsService } from '../notifications/service';",
    ];
    const code = `${allowed.join('\n')}\nvoid [castBallot, queryRows, runLeased, coverVariants, isPossibleSerialId];\nexport type T = [CatalogueService, NotificationsService];\n`;
    expect(await brokenRules('api/ranking/example.ts', code)).toEqual([]);
  });
});
