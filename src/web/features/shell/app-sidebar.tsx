import { useId, useRef } from 'react';
import { Link, matchPath, NavLink, useLocation } from 'react-router';
import { BrandMark } from './brand-mark';
import { CartCountBadge, cartLabel } from '@/features/checkout/cart-count';
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupContent,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarRail,
  useSidebar,
} from '@/components/ui/sidebar';
import { useCartSquareCount } from '@/features/checkout/cart';
import { PRODUCT_NAME } from '@/lib/config';
import { focusPageHeading } from '@/lib/focus';
import { type NavGroup, visibleNavGroups } from './navigation';
import { useSession } from '@/lib/session';

/** The app's sidebar: the nav groups the current session may see (features/shell/navigation.ts). */
export function AppSidebar() {
  const session = useSession();
  const { isMobile, setOpenMobile } = useSidebar();
  // A link chosen in the mobile sheet leads to a new page: focus goes there, not back to the menu button.
  const navigated = useRef(false);
  const closeOnMobile = () => {
    if (!isMobile) return;
    navigated.current = true;
    setOpenMobile(false);
  };

  return (
    <Sidebar
      collapsible="icon"
      mobileTitle="Menu"
      onMobileCloseAutoFocus={(event) => {
        if (!navigated.current) return;
        navigated.current = false;
        event.preventDefault();
        focusPageHeading();
      }}
    >
      <SidebarHeader className="in-data-[mobile=true]:pr-12">
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild size="lg" tooltip={PRODUCT_NAME}>
              <Link to="/" onClick={closeOnMobile}>
                <span className="flex size-8 shrink-0 items-center justify-center">
                  <BrandMark />
                </span>
                <span className="text-base font-semibold">{PRODUCT_NAME}</span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label="Main">
          {visibleNavGroups(session).map((group) => (
            <NavGroupSection key={group.id} group={group} onNavigate={closeOnMobile} />
          ))}
        </nav>
      </SidebarContent>
      <SidebarRail />
    </Sidebar>
  );
}

function NavGroupSection({ group, onNavigate }: { group: NavGroup; onNavigate: () => void }) {
  const labelId = useId();
  const { pathname } = useLocation();
  const cartCount = useCartSquareCount();
  return (
    <SidebarGroup role="group" aria-labelledby={labelId} data-nav-group={group.id}>
      <SidebarGroupLabel id={labelId}>{group.label}</SidebarGroupLabel>
      <SidebarGroupContent>
        <SidebarMenu>
          {group.items.map((item) => {
            const isActive = matchPath({ path: item.to, end: item.end ?? false }, pathname) !== null;
            return (
              <SidebarMenuItem key={item.to}>
                <SidebarMenuButton asChild isActive={isActive} tooltip={item.cartCount ? cartLabel(cartCount) : item.title}>
                  <NavLink to={item.to} end={item.end} onClick={onNavigate} aria-label={item.cartCount ? cartLabel(cartCount) : undefined}>
                    <item.icon aria-hidden="true" />
                    <span>{item.title}</span>
                    {/* The space keeps "Cart 3" two words for the name check (its name is "Cart, 3 squares"). */}
                    {item.cartCount && cartCount > 0 && (
                      <>
                        {' '}
                        <CartCountBadge count={cartCount} className="ml-auto group-data-[collapsible=icon]:hidden" />
                      </>
                    )}
                  </NavLink>
                </SidebarMenuButton>
              </SidebarMenuItem>
            );
          })}
        </SidebarMenu>
      </SidebarGroupContent>
    </SidebarGroup>
  );
}
