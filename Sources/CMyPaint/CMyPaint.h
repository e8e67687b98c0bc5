// libmypaint's brush and surface interfaces (Debian: libmypaint-dev; its tiled surfaces serve the tests as the
// reference drawing of dabs), and the one type of ours: a surface that
// carries a pointer to its owner, so that the dabs a brush draws reach the Swift object recording them; and glibc's
// mallopt, with which a new brush's memory is made the same every time (BrushPreset.makeBrush). Types only.
#ifndef FINGERPAINT_CMYPAINT_H
#define FINGERPAINT_CMYPAINT_H

#include <libmypaint/mypaint-brush.h>
#include <libmypaint/mypaint-surface.h>
#include <libmypaint/mypaint-tiled-surface.h>
#include <libmypaint/mypaint-fixed-tiled-surface.h>
#include <malloc.h>

/// A MyPaintSurface2 first (libmypaint sees only that), then the owner the callbacks hand each dab to.
typedef struct {
    MyPaintSurface2 surface;
    void *owner;
} FPDabSurface;

#endif
