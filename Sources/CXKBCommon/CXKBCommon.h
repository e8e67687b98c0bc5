// libxkbcommon: keymaps and key state for wl_keyboard.
#include <xkbcommon/xkbcommon.h>
