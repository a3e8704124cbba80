//go:build !weburl_shortcuts

package weburl

// shortcuts are the shortcuts every parse may take: all of them, a
// constant, so that the compiler folds the tests of them where it can.
// Only a build for measuring makes it a variable (shortcut_measure.go);
// the tests parse with none through parseURL with cuts 0.
const shortcuts shortcutSet = allShortcuts
