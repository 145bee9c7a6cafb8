#pragma once
#ifndef TILE
#define TILE 8
#endif
