// @site/shared-ui/typed-before-start: taking in what was typed into a server-drawn form before the page started. Not
// part of the shared module (@site/shared-ui, which every page downloads): the apps with such a form bundle this entry.
export { useTypedBeforeStart, typedValues } from './useTypedBeforeStart';
