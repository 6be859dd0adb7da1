// What the top bar loads on its first use (`shellMenus`): the parts that need the positioning code.
export { Tooltip } from '@mantine/core';
export { BellMenu } from './bell-menu';
export { GroupMenu } from './group-menu';
export { ProfileMenuDropdown } from './profile-menu-dropdown';
