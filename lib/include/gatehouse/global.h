#pragma once
/*! \file global.h  Export macros and version of libgatehouse. Include first in public headers. */
#include <gatehouse/gatehouse_export.h>
#include <gatehouse/version.h>
