import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { apiLogin, coverPng, newReader, useSession, type LoginAnswer } from './api-helpers';
import { e2eStack } from './stack-config';

/*
 * Voting and catalogue administration in the browser against the seeded stack. Sessions come from the
 * real API (a solved captcha, a real login); the site then finds them in local storage as after a login.
 */

const TEXT = {
  loginToVote: 'Please log in or register to vote',
  ratio: 'Please upload an image with a 2:3 portrait ratio (e.g. 200x300).',
  invalidImage: 'Invalid image file.',
  detailSaved: 'Series detail saved!',
  detailTooLarge: 'Cover image must be less than 800KB',
  deleteConfirmation: 'Are you sure you want to delete this series?',
};

const votePanel = (page: Page) => page.locator('#series-vote');
const categoryGroup = (page: Page, label: string) =>
  votePanel(page).getByRole('group', { name: label, exact: true });
const categoryTile = (page: Page, label: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: label, exact: true }) });

async function tileVotes(tile: Locator): Promise<number> {
  const text = (await tile.textContent()) ?? '';
  return Number(/(\d[\d,]*)\s+votes?/.exec(text)?.[1]?.replace(/,/g, '') ?? NaN);
}

/** Picks a score in each category given, then presses the one "Vote" button. */
async function vote(page: Page, scores: Record<string, number>): Promise<void> {
  for (const [label, score] of Object.entries(scores)) {
    await categoryGroup(page, label)
      .getByRole('radio', { name: String(score), exact: true })
      .check();
  }
  await votePanel(page).getByRole('button', { name: 'Vote', exact: true }).click();
  for (const [label, score] of Object.entries(scores)) {
    await expect(categoryGroup(page, label).getByText(`Your score: ${score}/10`)).toBeVisible();
  }
}

test.describe('voting', () => {
  test('visitors are asked to log in', async ({ page }) => {
    await page.goto('/series/2');
    await votePanel(page).scrollIntoViewIfNeeded();
    await expect(votePanel(page).getByRole('heading', { name: 'Determine Series Rank' })).toBeVisible();
    await expect(votePanel(page).getByText(TEXT.loginToVote)).toBeVisible();
    await expect(votePanel(page).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?next=%2Fseries%2F2',
    );
  });

  test('without JavaScript, visitors get the login prompt, not a voting form that cannot work', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/series/2');
    await expect(votePanel(page).getByText(TEXT.loginToVote)).toBeVisible();
    await expect(votePanel(page).getByRole('group', { name: 'Story', exact: true })).toBeHidden();
    // The built page holds the ballot's outline for signed-in readers, not its fifty choices: the island
    // draws them once it runs.
    await expect(votePanel(page).locator('fieldset')).toHaveCount(5);
    await expect(votePanel(page).locator('input')).toHaveCount(0);
    await context.close();
  });

  test('the keyboard picks with arrow keys and votes; the focus stays on the Vote button', async ({
    page,
    request,
  }) => {
    await useSession(page, await newReader(request));
    await page.goto('/series/6');
    await votePanel(page).scrollIntoViewIfNeeded();
    const world = categoryGroup(page, 'World Building');
    const button = votePanel(page).getByRole('button', { name: 'Vote', exact: true });
    const seven = world.getByRole('radio', { name: '7', exact: true });
    await expect(seven).toBeEnabled();
    // Nothing picked: the button is there but disabled, and says why.
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription('Pick a score in at least one category.');
    await seven.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowRight');
    await expect(world.getByRole('radio', { name: '8', exact: true })).toBeChecked();
    await expect(button).toBeEnabled();
    await expect(button).toHaveAccessibleDescription('Ready to vote: World Building 8.');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(world.getByText('Your score: 8/10')).toBeVisible();
    await expect(votePanel(page).getByRole('status')).toHaveText(
      'Your World Building vote of 8 was counted.',
    );
    // Nothing left to send: disabled, yet still focused (aria-disabled), so the keyboard is not lost.
    await expect(button).toBeDisabled();
    await expect(button).toBeFocused();
  });

  test('a ballot of two categories updates the tiles at once and stays locked after a reload', async ({
    page,
    request,
  }) => {
    await useSession(page, await newReader(request));
    await page.goto('/series/5');
    await votePanel(page).scrollIntoViewIfNeeded();
    const story = categoryGroup(page, 'Story');
    await expect(story.getByRole('radio', { name: '8', exact: true })).toBeEnabled();
    const storyVotesBefore = await tileVotes(categoryTile(page, 'Story'));
    const artVotesBefore = await tileVotes(categoryTile(page, 'Art'));

    await vote(page, { Story: 8, Art: 6 });
    await expect(story.getByRole('radio')).toHaveCount(10);
    for (const radio of await story.getByRole('radio').all()) await expect(radio).toBeDisabled();
    await expect(categoryTile(page, 'Story')).toContainText(`${storyVotesBefore + 1} vote`);
    await expect(categoryTile(page, 'Art')).toContainText(`${artVotesBefore + 1} vote`);
    await expect(votePanel(page).getByRole('status')).toHaveText('Your votes were counted: Story 8, Art 6.');

    await page.reload();
    await votePanel(page).scrollIntoViewIfNeeded();
    await expect(categoryGroup(page, 'Story').getByText('Your score: 8/10')).toBeVisible();
    await expect(categoryGroup(page, 'Art').getByText('Your score: 6/10')).toBeVisible();
    await expect(categoryGroup(page, 'Story').getByRole('radio', { name: '8', exact: true })).toBeChecked();
    await expect(categoryGroup(page, 'Story').getByRole('radio', { name: '3', exact: true })).toBeDisabled();
    await expect(categoryGroup(page, 'Art').getByRole('radio', { name: '6', exact: true })).toBeDisabled();
    // The other categories are still open, and a later ballot records only them.
    const characters = categoryGroup(page, 'Characters');
    await expect(characters.getByRole('radio', { name: '5', exact: true })).toBeEnabled();
    await expect(characters.getByText(/Your score/)).toHaveCount(0);
    await vote(page, { Characters: 5 });
    await expect(votePanel(page).getByRole('status')).toHaveText('Your Characters vote of 5 was counted.');
  });
});

test.describe('catalogue administration', () => {
  let admin: LoginAnswer;

  test.beforeAll(async ({ request }) => {
    admin = await apiLogin(request, e2eStack.admin.username, e2eStack.admin.password);
    expect(admin.user.role.toUpperCase()).toBe('ADMIN');
  });

  test('admin adds a series with a 2:3 cover, finds it in the live ranking, opens and deletes it', async ({
    page,
    request,
  }) => {
    await useSession(page, admin);
    const title = `E2E Added ${Date.now().toString(36)}`;
    // Clear of the demo catalogue's ids (100000 + position).
    const malId = 900_000 + (Date.now() % 100_000);
    await page.goto('/type/manga');
    await page.getByRole('button', { name: 'Add New Series' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Series' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Title', { exact: true }).fill(title);
    await dialog.getByLabel('Genre').fill('Mystery, Drama');
    await dialog.getByLabel('Type').selectOption('MANGA');
    await dialog.getByLabel('Author').fill('E2E Writer');
    await dialog.getByLabel('Status').selectOption('ONGOING');
    await dialog.getByLabel('MyAnimeList id').fill(String(malId));
    await dialog
      .getByLabel('Cover')
      .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await coverPng(200, 300) });
    await expect(dialog.getByAltText('Chosen cover')).toBeVisible();
    await dialog.getByRole('button', { name: 'Add Series' }).click();
    await expect(dialog).toBeHidden();
    const openLink = page.getByRole('status').getByRole('link', { name: 'Open its page' });
    await expect(openLink).toBeVisible();
    const id = Number((await openLink.getAttribute('href'))?.split('/').pop());
    expect(id).toBeGreaterThan(e2eStack.seriesCount);

    // The live ranking has it at once, Unranked (no votes yet), among its type's series.
    const ranking = (await (
      await request.get(`${e2eStack.apiUrl}/series/rankings?type=MANGA&page_size=100`)
    ).json()) as { id: number; title: string; rank: number | null; mal_id: number | null }[];
    expect(ranking.find((entry) => entry.id === id)).toMatchObject({ title, rank: null, mal_id: malId });

    // The site's live search finds it, and its page opens through the fallback page (no build since).
    await page.goto(`/?search=${encodeURIComponent(title)}`);
    const card = page.locator('main article').filter({ hasText: title });
    await expect(card).toBeVisible();
    await card.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/series/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('E2E Writer')).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Also on' }).getByRole('link', { name: /^MyAnimeList/ }),
    ).toHaveAttribute('href', `https://myanimelist.net/manga/${malId}`);
    await expect(votePanel(page).getByRole('heading', { name: 'Determine Series Rank' })).toBeVisible();

    // Deleting asks first, then the card goes.
    await page.goto(`/?search=${encodeURIComponent(title)}`);
    await expect(card).toBeVisible();
    page.once('dialog', (confirmation) => {
      expect(confirmation.message()).toBe(TEXT.deleteConfirmation);
      void confirmation.accept();
    });
    await card.getByRole('button', { name: `Delete ${title}` }).click();
    await expect(card).toHaveCount(0);
    // Its button went with it: the focus stays in the list instead of falling to the top of the page.
    await expect(
      page.getByRole('group', { name: 'Filter by genre' }).getByRole('button', { pressed: true }),
    ).toBeFocused();
    expect((await request.get(`${e2eStack.apiUrl}/series/summary/${id}`)).status()).toBe(404);
  });

  test('a wrong-aspect or unreadable cover shows its message; missing fields do nothing', async ({
    page,
  }) => {
    await useSession(page, admin);
    await page.goto('/');
    await page.getByRole('button', { name: 'Add New Series' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Series' });
    const cover = dialog.getByLabel('Cover');

    await cover.setInputFiles({
      name: 'square.png',
      mimeType: 'image/png',
      buffer: await coverPng(300, 300),
    });
    await expect(dialog.getByText(TEXT.ratio)).toBeVisible();
    await cover.setInputFiles({
      name: 'notes.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image'),
    });
    await expect(dialog.getByText(TEXT.invalidImage)).toBeVisible();

    // Title, genre and type but no usable cover: submitting silently does nothing.
    await dialog.getByLabel('Title', { exact: true }).fill('Never Added');
    await dialog.getByLabel('Genre').fill('Drama');
    await dialog.getByLabel('Type').selectOption('MANHWA');
    let posted = false;
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().includes('/series')) posted = true;
    });
    await dialog.getByRole('button', { name: 'Add Series' }).click();
    await expect(dialog).toBeVisible();
    expect(posted).toBe(false);

    // Escape closes the modal and gives focus back to its button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add New Series' })).toBeFocused();
  });

  test('admin edits a series detail on its page', async ({ page }) => {
    await useSession(page, admin);
    await page.goto('/series/7');
    await page.getByRole('button', { name: 'Edit Series Detail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Series Detail' });
    await expect(dialog.getByText('Recommended size: 900x600px.')).toBeVisible();
    const synopsis = dialog.getByLabel('Synopsis');
    await expect(synopsis).not.toHaveValue('');
    await synopsis.fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('All fields required')).toBeVisible();

    const big = await sharp(
      Buffer.alloc(600 * 600 * 3, 0).map((_, index) => (index * 7919) % 251),
      {
        raw: { width: 600, height: 600, channels: 3 },
      },
    )
      .png({ compressionLevel: 0 })
      .toBuffer();
    await dialog
      .getByLabel('Cover image')
      .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
    await expect(dialog.getByText(TEXT.detailTooLarge)).toBeVisible();

    const banner = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#806040' } })
      .jpeg()
      .toBuffer();
    await dialog
      .getByLabel('Cover image')
      .setInputFiles({ name: 'banner.jpg', mimeType: 'image/jpeg', buffer: banner });
    const text = `Synopsis written in the browser at ${Date.now()}.`;
    await synopsis.fill(text);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(TEXT.detailSaved)).toBeVisible();
    await expect(page.getByText(text)).toBeVisible();
  });
});
