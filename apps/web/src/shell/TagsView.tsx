import { CloseOutlined, DownOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { currentLanguage } from '../lib/i18n.ts';
import { useOpenViewsStore } from './open-views-store.ts';
import { type TVisitedView, viewTitle } from './tags-view-rules.ts';
import { useTagActions } from './use-tag-actions.ts';

/** The drop toggle (open tabs and bulk actions) shows only on smartPortal pages (spec section 2). */
export function showsDropToggle(pathname: string): boolean {
  return pathname.includes('smartPortal');
}

type TAction = 'refresh' | 'close' | 'closeOthers' | 'closeAll';

/** The tags view: a tab per visited page, with a right-click menu and a close button. */
export function TagsView() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const { pathname } = useLocation();
  const views = useOpenViewsStore((s) => s.visitedViews);
  const actions = useTagActions();
  const bar = useRef<HTMLUListElement>(null);

  // The active tab scrolls into sight when it changes.
  useEffect(() => {
    if (views.length === 0) return;
    const tags = bar.current?.querySelectorAll<HTMLElement>('[data-path]') ?? [];
    const active = [...tags].find((tag) => tag.dataset.path === pathname);
    active?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname, views.length]);

  const run = (action: TAction, view: TVisitedView) => {
    if (action === 'refresh') actions.refresh(view);
    if (action === 'close') actions.close(view);
    if (action === 'closeOthers') actions.closeOthers(view);
    if (action === 'closeAll') actions.closeAll();
  };

  const menuOf = (view: TVisitedView): MenuProps => ({
    items: [
      { key: 'refresh', label: t('tagsView.refresh') },
      { key: 'close', label: t('tagsView.close'), disabled: view.meta.affix },
      { key: 'closeOthers', label: t('tagsView.closeOthers') },
      { key: 'closeAll', label: t('tagsView.closeAll') },
    ],
    onClick: ({ key }) => run(key as TAction, view),
  });

  const activeView = views.find((v) => v.path === pathname);

  return (
    <div className="portal-tags-view">
      <ul className="portal-tags-scroll" ref={bar} aria-label={t('tagsView.label')}>
        {views.map((view) => {
          const active = view.path === pathname;
          const title = viewTitle(view, lang);
          return (
            <Dropdown key={view.path} trigger={['contextMenu']} menu={menuOf(view)}>
              <li
                className={`portal-tag${active ? ' portal-tag-active' : ''}`}
                data-active={active}
                data-path={view.path}
              >
                <Link
                  to={view.fullPath}
                  className="portal-tag-link"
                  aria-current={active ? 'page' : undefined}
                >
                  {title}
                </Link>
                {!view.meta.affix && (
                  <button
                    type="button"
                    className="portal-tag-close"
                    aria-label={t('tagsView.closeTab', { title })}
                    onClick={(event) => {
                      event.preventDefault();
                      event.stopPropagation();
                      actions.close(view);
                    }}
                  >
                    <CloseOutlined aria-hidden />
                  </button>
                )}
              </li>
            </Dropdown>
          );
        })}
      </ul>
      {activeView && showsDropToggle(pathname) && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'refresh', icon: <ReloadOutlined />, label: t('tagsView.refresh') },
              { key: 'close', label: t('tagsView.close'), disabled: activeView.meta.affix },
              { key: 'closeOthers', label: t('tagsView.closeOthers') },
              { key: 'closeAll', label: t('tagsView.closeAll') },
            ],
            onClick: ({ key }) => run(key as TAction, activeView),
          }}
        >
          <Button
            type="text"
            size="small"
            className="portal-tags-drop"
            icon={<DownOutlined />}
            aria-label={t('tagsView.more')}
          />
        </Dropdown>
      )}
    </div>
  );
}
