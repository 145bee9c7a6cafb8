#pragma once
#ifndef TILE
#define TILE 16
#endif
