import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, sessionUser } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { QuotaBanner } from './quota-banner';
import { SideMenu } from './side-menu';

const links = () => screen.getAllByRole('link').map((a) => a.getAttribute('href'));

describe('SideMenu', () => {
  it('puts the knowledge database in the Settings group: an owner sees it, a member without AI setup does not', () => {
    mockApi({});
    const owner = renderWithProviders(<SideMenu user={sessionUser()} />);
    expect(links()).toEqual(expect.arrayContaining(['/home', '/prompt', '/email-settings', '/users', '/agent']));
    owner.unmount();

    const member = renderWithProviders(
      <SideMenu user={sessionUser({ referrerId: 'owner-1', metadata: { hasAiConfig: false } })} />,
    );
    expect(links()).not.toContain('/home');
    expect(links()).not.toContain('/prompt');
    expect(links()).toContain('/agent');
    member.unmount();

    renderWithProviders(<SideMenu user={sessionUser({ referrerId: 'owner-1', metadata: { hasAiConfig: true } })} />);
    expect(links()).toEqual(expect.arrayContaining(['/home', '/prompt']));
    expect(links()).not.toContain('/users');
  });
});

describe('QuotaBanner', () => {
  it('shows both banners when both quotas are exceeded, and one for members over their quota on a paid plan', () => {
    const both = renderWithProviders(
      <QuotaBanner
        user={sessionUser({ plan: 'free', billable: true, quota: { exceeded: { credits: true, emailAddresses: true } } })}
      />,
    );
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(2);
    expect(alerts[0]).toHaveTextContent(/credits quota/);
    expect(alerts[1]).toHaveTextContent(/members/);
    expect(within(alerts[1]!).getByRole('link')).toHaveAttribute('href', '/subscriptions');
    both.unmount();

    renderWithProviders(
      <QuotaBanner
        user={sessionUser({ plan: 'biz', billable: true, quota: { exceeded: { credits: true, emailAddresses: true } } })}
      />,
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent(/members/);
  });

  it('says nothing to a member', () => {
    renderWithProviders(
      <QuotaBanner
        user={sessionUser({
          referrerId: 'o',
          billable: true,
          plan: 'free',
          quota: { exceeded: { credits: true, emailAddresses: true } },
        })}
      />,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
