import { BookOpen, Grid3x3, House, LayoutDashboard, LayoutGrid, type LucideIcon, Settings2, ShoppingCart, Trophy, UserRound } from 'lucide-react';
import type { Session } from '@/lib/session';

/** Who sees a sidebar group (spec "Layout": Navigation for all, My Account signed in, Administration admins). */
type NavAudience = 'everyone' | 'signed-in' | 'admin';

interface NavItem {
  title: string;
  to: string;
  icon: LucideIcon;
  /** Active only on an exact match (used for "/"). */
  end?: boolean;
  /** D44: the item shows the number of squares in the cart. */
  cartCount?: boolean;
}

export interface NavGroup {
  id: 'navigation' | 'my-account' | 'administration';
  label: string;
  audience: NavAudience;
  items: readonly NavItem[];
}

/**
 * The sidebar's groups (spec "Layout"), plus All Games in Navigation for everyone (issue 14: people
 * who come back go to the games; design note 016) and the cart's count on Cart (D44).
 */
const NAV_GROUPS: readonly NavGroup[] = [
  {
    id: 'navigation',
    label: 'Navigation',
    audience: 'everyone',
    items: [
      { title: 'Home', to: '/', icon: House, end: true },
      { title: 'All Games', to: '/all-games', icon: LayoutGrid },
      { title: 'How to Play', to: '/how-to-play', icon: BookOpen },
    ],
  },
  {
    id: 'my-account',
    label: 'My Account',
    audience: 'signed-in',
    items: [
      { title: 'Cart', to: '/cart', icon: ShoppingCart, cartCount: true },
      { title: 'My Squares', to: '/my-squares', icon: Grid3x3 },
      { title: 'My Winnings', to: '/my-winnings', icon: Trophy },
      // D41: username, e-mail, password and deleting the account.
      { title: 'Account', to: '/account', icon: UserRound },
    ],
  },
  {
    id: 'administration',
    label: 'Administration',
    audience: 'admin',
    items: [
      { title: 'Admin Dashboard', to: '/admin', icon: LayoutDashboard, end: true },
      { title: 'Game Management', to: '/admin/games', icon: Settings2 },
    ],
  },
];

function canSee(audience: NavAudience, session: Session): boolean {
  switch (audience) {
    case 'everyone':
      return true;
    case 'signed-in':
      return session.status === 'signed-in';
    case 'admin':
      return session.status === 'signed-in' && session.user.isAdmin;
  }
}

export function visibleNavGroups(session: Session, groups: readonly NavGroup[] = NAV_GROUPS): NavGroup[] {
  return groups.filter((group) => canSee(group.audience, session));
}
