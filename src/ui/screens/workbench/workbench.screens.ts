import { defineScreens } from '../define-screens';

export default defineScreens({
  '/workbench/technological/todo': async () => (await import('./todo-screen')).TodoScreen,
  '/workbench/technological/done': async () => (await import('./done-screen')).DoneScreen,
});
